import type { ToastItem } from "~/lib/toast-store";

/** A toast's box, the same from Radix (Toaster.tsx) or the plain list (ToastOutlet.tsx). */
export const toastBox = (variant: ToastItem["variant"]) =>
  `toast relative flex w-full items-start gap-3 rounded-2xl border p-4 pr-10 shadow-lg ${
    variant === "destructive"
      ? "border-clay-700 bg-clay-700 text-white"
      : "border-linen bg-white text-ink"
  }`;

export const toastViewport =
  "fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-md list-none flex-col gap-2 p-4 outline-none sm:right-4 sm:bottom-4";
export const toastActionButton =
  "ml-auto shrink-0 rounded-full border px-3 py-1 text-sm font-semibold";
export const toastCloseButton =
  "absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-full opacity-80 hover:opacity-100";
