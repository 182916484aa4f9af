// A small Dockerfile reader for the infra tests: joins continued lines, drops comments,
// splits the file into build stages and resolves `FROM ${ARG}` against global ARG defaults.

export interface Instruction {
  keyword: string; // upper-case: FROM, RUN, COPY, USER, ...
  args: string; // the rest of the line, continuations joined with a space
}

export interface Stage {
  name: string | undefined;
  image: string;
  instructions: Instruction[];
}

export function readInstructions(text: string): Instruction[] {
  const logical: string[] = [];
  let pending = '';
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#')) continue; // comments (and parser directives) never continue a line
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    const full = (pending + line).trim();
    pending = '';
    if (full !== '') logical.push(full);
  }
  if (pending.trim() !== '') logical.push(pending.trim());
  return logical.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
}

function resolveArgs(value: string, defaults: Map<string, string>): string {
  return value.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? '';
    return defaults.get(name) ?? whole;
  });
}

export function readStages(text: string): Stage[] {
  const globalArgs = new Map<string, string>();
  const stages: Stage[] = [];
  for (const instruction of readInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const alias = words[1]?.toUpperCase() === 'AS' ? words[2] : undefined;
      stages.push({ name: alias, image: resolveArgs(words[0], globalArgs), instructions: [] });
    } else if (stages.length === 0) {
      const match = instruction.keyword === 'ARG' ? /^(\w+)=(\S+)$/.exec(instruction.args) : null;
      if (match) globalArgs.set(match[1], match[2]);
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return stages;
}

export function runs(stage: Stage): string[] {
  return stage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
}

export interface Copy {
  from: string | undefined;
  sources: string[];
  destination: string;
}

/** COPY/ADD instructions with their --from stage, sources and destination (shell form). */
export function copies(stage: Stage): Copy[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD')
    .map((i) => {
      const words = i.args.split(/\s+/);
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((w) => !w.startsWith('--'));
      return { from, sources: paths.slice(0, -1), destination: paths[paths.length - 1] };
    });
}

/** The named stage and the stages it is built FROM, nearest first. */
export function stageChain(stages: Stage[], name: string | undefined): Stage[] {
  const chain: Stage[] = [];
  let current = stages.find((s) => s.name === name);
  while (current && !chain.includes(current)) {
    chain.push(current);
    const parent: string = current.image;
    current = stages.find((s) => s.name === parent);
  }
  return chain;
}
