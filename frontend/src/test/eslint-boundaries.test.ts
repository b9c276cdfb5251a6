import { ESLint } from 'eslint';

/** src/, from this file's own address. */
const SRC = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '').replace(/test\/[^/]+$/, ''));

const eslint = new ESLint();

// The linter reads eslint.config.js and loads its plugins once, before the tests.
beforeAll(() => eslint.calculateConfigForFile(`${SRC}features/pcs/probe.ts`));

/** The boundary rules of eslint.config.js, run on a file of src/ that is not written anywhere. */
async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${SRC}${file}` });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const REFUSED = expect.stringMatching(/^boundaries\/dependencies: /);

describe('the import boundaries (npm run lint)', () => {
  it('refuse a feature importing another feature, by the alias or by a relative path', async () => {
    expect(await problems('features/pcs/probe.ts', "export { leadKeys } from '@/features/leads/api/keys';\n")).toEqual([
      expect.stringMatching(/^boundaries\/dependencies: feature pcs may not import feature leads/),
    ]);
    expect(await problems('features/pcs/probe.ts', "export { leadKeys } from '../leads/api/keys';\n")).toEqual([REFUSED]);
    expect(await problems('features/pcs/probe.ts', "export const page = () => import('@/features/leads/pages/leads-page');\n")).toEqual([REFUSED]);
  });

  it('let a feature use its own modules, components and lib', async () => {
    const code = [
      "export { pcsKeys } from './api/keys';",
      "export { FormPage } from '@/components/form-page';",
      "export { invalidateDomains } from '@/lib/query-domains';",
      '',
    ].join('\n');
    expect(await problems('features/pcs/probe.ts', code)).toEqual([]);
  });

  it('keep lib and components below the features and the app', async () => {
    expect(await problems('lib/probe.ts', "export { leadKeys } from '@/features/leads/api/keys';\n")).toEqual([REFUSED]);
    expect(await problems('components/probe.ts', "export { routes } from '@/app/routing/router';\n")).toEqual([REFUSED]);
    expect(await problems('lib/probe.ts', "export { FormPage } from '@/components/form-page';\n")).toEqual([REFUSED]);
  });

  it('let the app compose features', async () => {
    expect(await problems('app/probe.ts', "export { LeadPcsCard } from '@/features/pcs/components/lead-pcs-card';\n")).toEqual([]);
  });
});
