import { z } from "zod";
import { line, pageTop, pageWords, paragraph, searchWords } from "../fields";
import { scheduleWords } from "../page-words";

/**
 * /schedule: the words around the booking form. Nothing but words, each field's default the words the site came with.
 */
export const scheduleSchema = z.object({
  top: pageTop("/schedule", scheduleWords.top),
  booking: pageWords("Under “Book Your Session”", "Above the booking form on /schedule.", {
    text: paragraph("Text", scheduleWords.booking.text, 400),
  }),
  whatsapp: pageWords("WhatsApp", "Under “Other Ways to Schedule” on /schedule.", {
    heading: line("Heading", scheduleWords.whatsapp.heading),
    text: paragraph("Text", scheduleWords.whatsapp.text, 300),
    button: line("Button", scheduleWords.whatsapp.button, 40),
  }),
  search: searchWords("/schedule", scheduleWords.search),
});

export const scheduleDocument = {
  title: "Schedule an appointment",
  adminPath: "/admin/schedule",
  paths: ["/schedule"],
  schema: scheduleSchema,
} as const;

/** The words the site came with. */
export function shippedSchedule(): z.output<typeof scheduleSchema> {
  return scheduleSchema.parse({});
}
