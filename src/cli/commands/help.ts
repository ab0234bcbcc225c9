/**
 * `sprague help [TOPIC|COMMAND]`: a command's help, or one of the pages the package carries in docs/
 * (read at run time from the installed package, so `help specs` is the grammar the docs give), rendered for
 * a terminal unless --markdown asks for the page as written.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { InputError } from '../../core/errors.js';
import { colour, emitLine } from '../io.js';
import { renderMarkdown } from '../markdown.js';
import type { CommandModule } from './index.js';

/** Topics and their pages, relative to the package root (this file is dist/src/cli/commands/help.js). */
const TOPICS: Record<string, { file: string; about: string }> = {
  specs: { file: 'docs/specs.md', about: 'the grammar of game specs and positions' },
  json: { file: 'docs/cli.md', about: 'every command, flag and JSON field (the contract first)' },
  conventions: { file: 'docs/conventions.md', about: 'the conventions and errata the results rest on' },
  papers: { file: 'docs/papers.md', about: 'the four papers, cited' },
};

export function helpTopic(topic: string): string {
  const t = TOPICS[topic];
  if (!t) throw new InputError(`help: no topic ${JSON.stringify(topic)}`);
  const url = new URL(`../../../../${t.file}`, import.meta.url);
  try {
    return readFileSync(url, 'utf8');
  } catch (e) {
    throw new InputError(`help ${topic}: cannot read ${t.file} of the package (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

/** A topic's page for this stdout: styled on a terminal (unless NO_COLOR), plain text in a file or pipe. */
export function renderTopic(topic: string): string {
  const width = process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 100;
  return renderMarkdown(helpTopic(topic), { styles: colour.enabled, width: Math.max(60, width - 1), base: `${TOPICS[topic]!.file.replace(/[^/]*$/, '')}` });
}

export const helpCommand: CommandModule = {
  register(program: Command) {
    program.helpCommand(false);
    program
      .command('help')
      .description(`a command's help, or a topic: ${Object.keys(TOPICS).join(', ')}`)
      .argument('[topic]', `a command, or ${Object.entries(TOPICS).map(([k, t]) => `${k} (${t.about})`).join(', ')}`)
      .option('--markdown', 'a topic\'s page as written (Markdown), not rendered for the terminal')
      .action((topic: string | undefined, flags: { markdown?: boolean }) => {
        if (topic === undefined) return program.outputHelp();
        if (Object.hasOwn(TOPICS, topic)) return emitLine((flags.markdown ? helpTopic(topic) : renderTopic(topic)).trimEnd());
        const sub = program.commands.find((c) => c.name() === topic || c.aliases().includes(topic));
        if (!sub || sub.name() === 'help') {
          throw new InputError(`help: no command or topic ${JSON.stringify(topic)} (topics: ${Object.keys(TOPICS).join(', ')}; commands: sprague --help)`);
        }
        sub.outputHelp();
      });
  },
};
