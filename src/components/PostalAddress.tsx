import { company } from "../site/company-copy.ts";

/** The office's postal address, one line per block: the footer and the contact page show it. */
export function PostalAddress() {
  const { address } = company;
  return (
    <>
      {address.lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      <span className="block">{`${address.city} ${address.postalCode}, ${address.country}`}</span>
    </>
  );
}
