import { z } from "zod";

/** The form that asks for a sign-in link (/admin): one e-mail address. */
export const signInRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Please enter your e-mail address.")
    .max(254, "That e-mail address is too long.")
    .pipe(z.email("Please enter a valid e-mail address, like name@example.com.")),
});
