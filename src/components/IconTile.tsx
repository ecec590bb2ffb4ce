import { Icon, type IconName } from "./Icon.tsx";

const tones = {
  brand: "bg-brand-50 text-brand-700 ring-1 ring-brand-100",
  accent: "bg-accent-50 text-accent-700 ring-1 ring-accent-100",
  onDark: "bg-white/10 text-accent-300 ring-1 ring-white/20",
};

/** An icon in a rounded square: the visual anchor of cards across the marketing pages. */
export function IconTile({
  name,
  tone = "brand",
  size = "md",
}: {
  name: IconName;
  tone?: keyof typeof tones;
  size?: "md" | "lg";
}) {
  const box = size === "lg" ? "size-14 rounded-xl" : "size-12 rounded-lg";
  return (
    <span className={`inline-flex shrink-0 items-center justify-center ${box} ${tones[tone]}`}>
      <Icon name={name} className={size === "lg" ? "size-7" : "size-6"} />
    </span>
  );
}
