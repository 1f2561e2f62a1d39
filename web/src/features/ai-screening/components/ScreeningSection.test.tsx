import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, buildRouter, type AiScreeningStatus, type TeamFunction } from '@sightline/shared';
import { i18n } from '../../../i18n';
import { teamKeys } from '../../../api/query-keys';
import { useSessionStore } from '../../../stores/session-store';
import { aiKeys } from '../api';
import ScreeningSection from './ScreeningSection';

const INSPECTION_ID = 7;
const ui = CATALOGUES['zh-CN'].aiUi;

/**
 * The panel as an inspector of a team first sees it (server-rendered from a filled query cache: the node test
 * environment has no DOM), with the team's AI screening package in the given state, or with the team's packages still
 * loading (null: their request pending).
 */
function renderFor(aiScreening: TeamFunction['status'] | null): string {
  // A server render reads a store's initial state (zustand's server snapshot): the session is written there.
  Object.assign(useSessionStore.getInitialState(), {
    status: 'ready',
    teamId: 1,
    buttons: buildRouter('ROLE_TEAM_INSPECTOR').buttonVOList,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (aiScreening !== null) {
    queryClient.setQueryData<TeamFunction[]>(teamKeys.functions(), [
      {
        code: 'ai_screening',
        nameKey: 'teamFunction.name.ai_screening',
        descriptionKey: 'teamFunction.description.ai_screening',
        status: aiScreening,
        activatedAt: null,
        expiresAt: null,
        validityDays: null,
      },
    ]);
  }
  queryClient.setQueryData<AiScreeningStatus>(aiKeys.status(INSPECTION_ID), {
    inspectionId: INSPECTION_ID,
    state: 'NOT_EXISTING',
    imageRange: null,
    done: 0,
    total: 0,
    defects: 0,
    queuePosition: null,
    errorKey: null,
    startedAt: null,
    finishedAt: null,
    detectors: [],
  });
  return renderToString(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <ScreeningSection inspectionId={INSPECTION_ID} projectId={3} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

/** The start button's opening tag. */
const startButton = (html: string) => /<button[^>]*data-testid="ai-start"[^>]*>/.exec(html)?.[0];

describe('the AI screening panel and the team function package', () => {
  // The language is chosen here, not detected: Node 21 and later have a navigator whose language is English.
  beforeAll(() => i18n.changeLanguage('zh-CN'));

  it('waits with the start, loading, until the packages are known', () => {
    const html = renderFor(null);
    expect(startButton(html)).toContain('disabled');
    expect(startButton(html)).toContain('ant-btn-loading');
    expect(html).not.toContain(ui.packageInactive);
  });

  it('offers the start when the package is active', () => {
    const html = renderFor('active');
    expect(startButton(html)).toBeDefined();
    expect(startButton(html)).not.toContain('disabled');
    expect(html).not.toContain(ui.packageInactive);
  });

  it.each(['not_activated', 'expired'] as const)('disables the start and says why when it is %s', (state) => {
    const html = renderFor(state);
    expect(startButton(html)).toContain('disabled');
    expect(html).toContain('data-testid="ai-package-inactive"');
    expect(html).toContain(ui.packageInactive);
  });
});
