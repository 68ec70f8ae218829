/** Exact user-facing strings of SPEC.md section 8 and the forms' other messages. */
export const messages = {
  contact: {
    sending: "Sending your message...",
    sent: "Message sent successfully! We will get back to you shortly.",
    sentDeferred:
      "Your message is safely saved with us and our team will see it, even if our systems are slow right now.",
    crmRejected: "Failed to save to CRM (HubSpot).",
    crmRejectedDetail:
      "Your message is saved and our team will still see it. If something in it was mistyped, please check it and send again, or call us.",
    /** the same moment when no working channel will carry the message to the team (issue 16) */
    crmRejectedUnseen:
      "Your message is saved with us, but it could not be passed on to our team just now. Please call us or e-mail us so that we can help you without delay.",
    failed: "Failed to send message. Please try again later.",
    kept: "Your message is kept on this page and will be sent by itself when your connection is back.",
    button: "Send Message",
    buttonBusy: "Sending...",
  },
  booking: {
    popup: "Complete Booking on the Popup",
    complete: "Booking Complete!",
    cleared: "Form cleared!",
    failed: "We could not start your booking. Please try again, or call us directly.",
    unreachable: "We could not start your booking: the connection dropped.",
    kept: "Your details are kept on this page and will be sent by themselves when your connection is back.",
  },
  newsletter: {
    thanks: "Thank You!",
    checkEmail: "You're on the list. Please check your e-mail for a welcome note from us.",
    failed: "We could not sign you up just now. Please try again later.",
    unreachable: "We could not sign you up: the connection dropped.",
    kept: "Your e-mail address is kept here and will be sent by itself when your connection is back.",
    unsubscribed: "You have been unsubscribed.",
  },
  checkout: {
    unavailable: "Checkout Temporarily Unavailable",
    button: "Continue to secure payment",
    buttonBusy: "Taking you to Paystack...",
    failed: "We could not start your payment.",
    unreachable: "We could not reach the payment page: the connection dropped.",
    kept: "Nothing has been charged. Your details are kept here and will be sent by themselves when your connection is back.",
    failedDetail:
      "Our payment provider did not answer just now, so nothing has been charged. Please try again in a few minutes, or contact us and we will help you enrol.",
    notStored:
      "We could not save your order just now, so nothing has been charged. Please try again in a few minutes.",
    invalid: "Please check the highlighted fields.",
  },
  payment: {
    thanks: "Thank You!",
    successful: "Your payment was successful.",
  },
  rateLimited: (minutes: number) =>
    `You have sent several forms in a short time. Please wait about ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or call us.`,
  badRequest: "We could not read that form. Please reload the page and try again.",
} as const;
