/** Small helpers to build the page's elements. */

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (name === "class") node.className = value;
    else node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}

export function button(
  label: string,
  onClick: () => void,
  attrs: Record<string, string> = {},
): HTMLButtonElement {
  const b = el("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}

/** How near its end (in pixels) a scrolling box counts as showing its newest line: less than a line. */
const AT_END = 8;

/**
 * Append ``lines`` to a scrolling box (a log), which follows its newest line only if it showed it before: a box
 * the person scrolled up to read stays where they put it. Only the box scrolls, never the page (a page scrolled
 * to the log would hide the turn and the hand).
 */
export function appendFollowing(box: HTMLElement, lines: Node[]): void {
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < AT_END;
  box.append(...lines);
  if (atEnd) box.scrollTop = box.scrollHeight;
}
