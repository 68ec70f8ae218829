/** Where visitors complete a booking when SCHEDULING_URL is not configured. */
export const defaultSchedulingUrl = "https://calendly.com/kindredhearts/consultation";
