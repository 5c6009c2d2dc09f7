/**
 * Control characters of C0, DEL and C1, and the bidirectional controls that reorder what a terminal
 * shows: a file name or title holding them could clear the screen, move the cursor or forge an
 * output line.
 */
function isControl(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function escapeCode(code: number): string {
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

function escapeControls(text: string, keep: (code: number) => boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isControl(code) || keep(code)) continue;
    out += text.slice(from, i) + escapeCode(code);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * A name, title or path as it may be printed on a terminal: every control character written as an
 * escape (`\x1b`, `\x0a`, `\u202e`), so one value stays on one line and shows what it holds.
 *
 * @example printable('a\x1b[2Jb.txt') // 'a\\x1b[2Jb.txt'
 */
export function printable(text: string): string {
  return escapeControls(text, () => false);
}

/** `printable` for a message or a text of several lines: line breaks and tabs are kept, other controls escaped. */
export function printableLines(text: string): string {
  return escapeControls(text, (code) => code === 0x0a || code === 0x09);
}
