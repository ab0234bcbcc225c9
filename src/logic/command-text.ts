/** Walnut command text: where one command ends and the next begins (the REPL, `--file` and the explorer's logic panel). */

/**
 * Splits text into complete commands, each with its terminator (`;`, `:` or `::`, outside double
 * quotes), and the unterminated rest.
 */
export function splitCommands(text: string): { commands: string[]; rest: string } {
  const commands: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === ';' || c === ':')) {
      const end = c === ':' && text[i + 1] === ':' ? i + 2 : i + 1;
      const command = text.slice(start, end).trim();
      if (command.length > 1) commands.push(command);
      start = end;
      i = end - 1;
    }
  }
  return { commands, rest: text.slice(start).trim() };
}

/** The commands of a text as typed: its complete commands, and an unterminated rest as one more (ended by `;`). */
export function commandsOf(text: string): string[] {
  const { commands, rest } = splitCommands(text);
  return rest === '' ? commands : [...commands, `${rest};`];
}

/** The folders of a Walnut library (its root), which sprague reads and, with a library kept from session to session, writes. */
export const LIBRARY_LAYOUT = ['Result', 'Automata Library', 'Word Automata Library', 'Macro Library', 'Morphism Library', 'Custom Bases', 'Command Files', 'Transducer Library'];
