import { describe, expect, it } from "vitest";
import { XSS_CORPUS } from "@netfleet/contracts/xss-corpus";
import { sanitizeNoticeHtml } from "./sanitize-notice-html";

/** Every element and attribute left, as `tag[attr,attr]`. */
function shape(html: string): string[] {
  const box = document.createElement("div");
  box.innerHTML = html;
  return [...box.querySelectorAll("*")].map(
    (el) => `${el.tagName.toLowerCase()}[${el.getAttributeNames().join(",")}]`,
  );
}

describe("sanitizeNoticeHtml", () => {
  it("keeps bold, italic and links", () => {
    const html =
      'Maintenance <b>tonight</b>, <i>22:00</i> to <em>23:00</em>. <strong>Save your work</strong>: <a href="https://status.example.com" class="x">status</a>';
    expect(sanitizeNoticeHtml(html)).toBe(html);
  });

  it("forces rel=noopener noreferrer on links that open a new tab", () => {
    const out = sanitizeNoticeHtml(
      '<a href="https://example.com" target="_blank" rel="opener">x</a>',
    );
    expect(out).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it("keeps http, https, mailto and relative links, and drops other schemes", () => {
    expect(shape(sanitizeNoticeHtml('<a href="mailto:ops@example.com">m</a>'))).toEqual([
      "a[href]",
    ]);
    expect(shape(sanitizeNoticeHtml('<a href="/management/devices">d</a>'))).toEqual(["a[href]"]);
    expect(shape(sanitizeNoticeHtml('<a href="ftp://example.com/f">f</a>'))).toEqual(["a[]"]);
    expect(shape(sanitizeNoticeHtml('<a href="tel:+4712345678">t</a>'))).toEqual(["a[]"]);
  });

  it("drops other elements but keeps their text, and drops attributes off links", () => {
    expect(
      sanitizeNoticeHtml('<p class="lead">Hello <span style="color:red">there</span></p>'),
    ).toBe("Hello there");
    expect(sanitizeNoticeHtml('<b class="x" title="t">bold</b>')).toBe("<b>bold</b>");
    expect(sanitizeNoticeHtml('<a href="https://e.example" target="_top">x</a>')).toBe(
      '<a href="https://e.example">x</a>',
    );
  });

  it.each(XSS_CORPUS)("leaves %s harmless", (payload) => {
    const out = sanitizeNoticeHtml(payload);
    for (const element of shape(out)) {
      expect(element).toMatch(
        /^(a\[(href|target|class|rel)?(,(href|target|class|rel))*\]|(b|i|em|strong)\[\])$/,
      );
    }
    const box = document.createElement("div");
    box.innerHTML = out;
    for (const link of box.querySelectorAll("a[href]")) {
      const href = link.getAttribute("href") ?? "";
      expect(new URL(href, "https://relative.invalid/").protocol).toMatch(/^(https?|mailto):$/);
    }
  });
});
