/**
 * The owner's back office: one page per section (src/pages/admin/), each with the shared header,
 * search form and pagination (admin/chrome.tsx). render/admin-document.tsx builds the view and
 * gives it its own minimal document.
 */
import type { AdminChrome } from "./admin/chrome.tsx";
import { MessagesSection, type MessagesView } from "./admin/messages.tsx";
import { OrdersSection, type OrdersView } from "./admin/orders.tsx";
import { OutboxSection, type OutboxView } from "./admin/outbox.tsx";
import { QuotesSection, type QuotesView } from "./admin/quotes.tsx";
import { SubscriptionsSection, type SubscriptionsView } from "./admin/subscriptions.tsx";

export type { AdminChrome } from "./admin/chrome.tsx";

/** What a section lists, by section. */
export type AdminSectionData = OrdersView | SubscriptionsView | QuotesView | MessagesView | OutboxView;

/** A section's page body. */
export function AdminSectionPage({ chrome, data }: { chrome: AdminChrome; data: AdminSectionData }) {
  switch (data.section) {
    case "orders":
      return <OrdersSection chrome={chrome} view={data} />;
    case "subscriptions":
      return <SubscriptionsSection chrome={chrome} view={data} />;
    case "quotes":
      return <QuotesSection chrome={chrome} view={data} />;
    case "messages":
      return <MessagesSection chrome={chrome} view={data} />;
    case "outbox":
      return <OutboxSection chrome={chrome} view={data} />;
  }
}
