const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * A small icon the script draws itself (24 × 24, currentColor), hidden from screen readers: the
 * button it sits in carries the words. `paint` says whether the path is filled or stroked.
 */
export function icon(path: string, className: string, paint: "fill" | "stroke"): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", className);
  svg.setAttribute("fill", paint === "fill" ? "currentColor" : "none");
  if (paint === "stroke") {
    svg.setAttribute("stroke", "currentColor");
    svg.setAttribute("stroke-width", "2");
    svg.setAttribute("stroke-linecap", "round");
  }
  const shape = document.createElementNS(SVG_NS, "path");
  shape.setAttribute("d", path);
  svg.append(shape);
  return svg;
}
