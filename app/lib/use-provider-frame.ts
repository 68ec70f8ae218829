import { useCallback, useEffect, useState } from "react";

export type FrameState = "loading" | "ready" | "failed";

/** How long the provider's page may take to finish loading before the dialog offers other ways. */
export const FRAME_TIMEOUT_MS = 30_000;

interface Progress {
  /** the provider answered a request (or posted a message): its page is on its way */
  reachable?: boolean;
  /** the frame's load event fired (it fires for the browser's error page too) */
  loaded?: boolean;
  failed?: boolean;
  offline?: boolean;
}

/**
 * Whether the scheduling provider's page can be shown in its frame. A frame that fails to load
 * still fires `load` (with the browser's error page inside, which a page cannot look into), so
 * the provider is asked directly as well: a request without the visitor's details, mode no-cors,
 * whose opaque answer only shows that the provider is reachable. The frame is "ready" once it
 * is, "failed" when that request fails, the browser goes offline, or the frame has not loaded
 * after FRAME_TIMEOUT_MS. `attempt` starts over (the visitor's "Try again").
 */
export function useProviderFrame(url: string | null, providerOrigin: string, attempt: number) {
  const key = url === null ? null : `${attempt} ${url}`;
  const [progress, setProgress] = useState<Record<string, Progress>>({});

  const update = useCallback(
    (forKey: string, patch: Progress) =>
      setProgress((all) => ({ ...all, [forKey]: { ...all[forKey], ...patch } })),
    [],
  );

  useEffect(() => {
    if (key === null || url === null) return;
    const controller = new AbortController();
    const fail = () => update(key, { failed: true, offline: !navigator.onLine });
    const probe = new URL(url);
    probe.search = "";
    fetch(probe, {
      mode: "no-cors",
      credentials: "omit",
      cache: "no-store",
      signal: controller.signal,
    }).then(
      () => update(key, { reachable: true }),
      () => {
        if (!controller.signal.aborted) fail();
      },
    );
    const timer = setTimeout(() => {
      setProgress((all) =>
        all[key]?.loaded ? all : { ...all, [key]: { ...all[key], failed: true } },
      );
    }, FRAME_TIMEOUT_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.origin === providerOrigin) update(key, { reachable: true, loaded: true });
    };
    window.addEventListener("offline", fail);
    window.addEventListener("message", onMessage);
    return () => {
      controller.abort();
      clearTimeout(timer);
      window.removeEventListener("offline", fail);
      window.removeEventListener("message", onMessage);
    };
  }, [key, url, providerOrigin, update]);

  const current: Progress = (key !== null && progress[key]) || {};
  // Once the provider's page is showing, a later drop in the connection leaves it be.
  const state: FrameState =
    current.reachable && !(current.failed && !current.loaded)
      ? "ready"
      : current.failed
        ? "failed"
        : "loading";
  const onLoad = useCallback(() => {
    if (key !== null) update(key, { loaded: true });
  }, [key, update]);
  return { state, offline: current.offline === true, onLoad };
}
