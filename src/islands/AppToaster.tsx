import { Toaster } from "sonner";

/** The site's one toast area: bottom-right, three visible, Alt+T to expand and focus, Escape to collapse. */
export function AppToaster() {
  return <Toaster position="bottom-right" visibleToasts={3} hotkey={["altKey", "KeyT"]} richColors closeButton />;
}
