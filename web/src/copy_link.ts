/**
 * A link handed out with one click: a "Copy" button beside it puts it on the clipboard
 * (``navigator.clipboard``). A page that is not a secure context (a server reached by its address on a home
 * network, over plain http) has no clipboard: there the button selects the link's text and says to press Ctrl+C.
 */

import { button } from "./dom";

import "./copy_link.css";

/** What the note beside the buttons says after a copy: done, or how to finish it by hand. */
export function copyNote(copied: boolean, what: string): string {
  return copied ? `Copied ${what}.` : `Selected ${what}: press Ctrl+C (⌘C on a Mac) to copy it.`;
}

/** Select the text of ``shown`` (unhidden first), as a person would drag over it. */
function selectText(shown: HTMLElement): void {
  shown.hidden = false;
  const range = document.createRange();
  range.selectNodeContents(shown);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/**
 * A button that copies ``link``; ``shown`` is the element whose text is the link (selected when there is no
 * clipboard), ``what`` names the link in the note ("the watch link"), ``note`` is where the outcome is said.
 */
export function copyButton(
  link: string,
  shown: HTMLElement,
  what: string,
  note: HTMLElement,
  attrs: Record<string, string> = {},
): HTMLButtonElement {
  const done = (copied: boolean): void => {
    if (!copied) selectText(shown);
    note.textContent = copyNote(copied, what);
  };
  return button(
    "Copy link",
    () => {
      // undefined outside a secure context, whatever the types say
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (clipboard === undefined) done(false);
      else
        clipboard.writeText(link).then(
          () => done(true),
          () => done(false),
        );
    },
    { class: "copy-link", "aria-label": `Copy link: ${what}`, ...attrs },
  );
}
