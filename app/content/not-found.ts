/**
 * The words under SPEC.md's "Oops! Page not found", as the site came with them: the default of
 * "Page not found" in the Contact details, and what a 404 says when no loader gave the published
 * words (an editor address while editing is off). A module of its own, so that the 404 page
 * brings only this line into the browser.
 */
export const notFoundText =
  "The page you were looking for has moved or no longer exists. Everything we offer is still one step away.";
