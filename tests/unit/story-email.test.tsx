// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { StoryEmail, registerLine } from "~/components/StoryEmail";
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
      />,
    );
    expect(screen.getByText("Dear friend,").tagName).toBe("P");
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Saturday", "Register here"]);
    for (const link of links) {
      expect(link.getAttribute("href")).toBe(hiddenThread.registrationUrl);
    }
  });
});
