// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StoryEmail, type StoryWords, registerLine } from "~/components/StoryEmail";
import { hiddenThread } from "~/content/campaign";
import { type WebinarView } from "~/lib/webinar";

const webinar: WebinarView = {
  title: "The Hidden Thread",
  open: true,
  day: "Saturday, August 31st",
  time: "4:00 PM WAT",
  cost: "Free",
  registrationUrl: hiddenThread.registrationUrl,
};

const words: StoryWords = {
  registration: "Registration is required, and seats are limited",
  link: "Save your seat: register for The Hidden Thread",
  closed: "Our last webinar, The Hidden Thread, has taken place.",
};

afterEach(cleanup);

describe("story e-mails", () => {
  it("recognises lines that start with a date, cost, registration or link icon", () => {
    expect(registerLine("📅 Saturday, August 31st")).toEqual({
      icon: "📅",
      text: "Saturday, August 31st",
    });
    expect(registerLine("💰 Free to attend")?.text).toBe("Free to attend");
    expect(registerLine("📝 Registration is required")?.icon).toBe("📝");
    expect(registerLine("🔗 Save your seat")?.icon).toBe("🔗");
    expect(registerLine("Dear friend, 📅 is not at the start")).toBeNull();
  });

  it("shows each line as a paragraph and each icon line as a Register button", () => {
    render(
      <StoryEmail
        email={"Dear friend,\nA line of story.\n📅 Saturday\n🔗 Register here"}
        webinar={webinar}
        words={words}
      />,
    );
    expect(screen.getByText("Dear friend,").tagName).toBe("P");
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual([
      "Saturday",
      "Register here",
      "Saturday, August 31st, 4:00 PM WAT, live online",
      "Free to attend",
      "Registration is required, and seats are limited",
      "Save your seat: register for The Hidden Thread",
    ]);
    for (const link of links) {
      expect(link.getAttribute("href")).toBe(hiddenThread.registrationUrl);
    }
  });

  it("offers no registration once the webinar has taken place, and ends with the practice's note", () => {
    render(
      <StoryEmail
        email={"Dear friend,\n📅 Saturday"}
        webinar={{ ...webinar, open: false }}
        words={words}
      />,
    );
    expect(screen.queryAllByRole("link")).toEqual([]);
    expect(screen.getByText(words.closed)).toBeTruthy();
  });
});
