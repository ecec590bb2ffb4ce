import type { IconName } from "../components/Icon.tsx";

export type ProcessStep = { title: string; text: string; icon: IconName };

/** The four-step method (spec section 1), shown as "How We Work" on Home and About. */
export const processSteps: ProcessStep[] = [
  {
    title: "Discovery & Assessment",
    text: "We learn how your business runs, review your systems and pinpoint the problems worth solving first.",
    icon: "search",
  },
  {
    title: "Strategic Planning",
    text: "We agree a clear plan with scope, milestones, budget and the results we will measure.",
    icon: "target",
  },
  {
    title: "Implementation",
    text: "Our engineers build, migrate and configure in stages, keeping your operations running throughout.",
    icon: "rocket",
  },
  {
    title: "Optimization & Support",
    text: "We monitor, fine-tune and support what we deliver, so the gains keep growing after go-live.",
    icon: "refresh",
  },
];

export const processSection = {
  eyebrow: "Our Method",
  title: "How We Work",
  lead: "A proven four-step method that keeps every engagement focused, transparent and on budget.",
  stepLabel: "Step",
};
