/**
 * The sliders, tabs, dialogs and videos of the home and services pages (docs/decisions/025), as
 * their own small file: only the pages that have them load it (app/enhance/main.ts). Content that
 * arrives later (testimonials streamed in, or a page React renders after a form started it) is
 * wired as it comes.
 */
import { wireNewCarousels } from "./carousel";
import { wireServiceDialog } from "./service-dialog";
import { wireTabs } from "./tabs";
import { upgradeVideos, wireVideos } from "./video";

export function wireWidgets(): void {
  wireTabs();
  wireServiceDialog();
  wireVideos();
  const scan = () => {
    wireNewCarousels();
    upgradeVideos();
  };
  scan();
  new MutationObserver(scan).observe(document.body, { childList: true, subtree: true });
}
