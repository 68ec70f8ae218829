/** The Hidden Thread free webinar (SPEC.md section 9). */
export const hiddenThread = {
  name: "The Hidden Thread",
  date: "Saturday, August 31st",
  cost: "Free",
  /** the external registration form */
  registrationUrl: "https://forms.gle/hiddenthreadwebinar",
  /** Lines of a story e-mail that start with one of these become Register buttons. */
  registerIcons: ["📅", "💰", "📝", "🔗"],
};
