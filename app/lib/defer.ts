/**
 * A loader value that is either already here or still on its way. React Router streams a
 * returned promise into the page behind <Suspense>/<Await>; a plain value renders at once.
 */
export type Deferred<T> = T | Promise<T>;

/** How long a page waits for testimonials before streaming them in instead. */
export const TESTIMONIALS_WAIT_MS = 150;

/**
 * Waits up to `ms` for `promise`. When it resolves in time the loader hands over the value itself,
 * so the words are part of the first HTML (readable without JavaScript, no loading flash);
 * otherwise it hands over the promise and the page streams it in behind its loading text. The
 * answer is boxed because an async function would otherwise wait for a returned promise.
 */
export async function deferUnlessQuick<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ value: Deferred<T> }> {
  const late = Symbol("late");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<typeof late>((resolve) => {
    timer = setTimeout(() => resolve(late), ms);
  });
  try {
    const first = await Promise.race([promise, deadline]);
    return { value: first === late ? promise : (first as T) };
  } catch {
    // A failure is the page's to show (the <Await> error element), not the loader's.
    return { value: promise };
  } finally {
    clearTimeout(timer);
  }
}
