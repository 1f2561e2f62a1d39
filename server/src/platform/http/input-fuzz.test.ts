import { expect, it } from 'vitest';
import { TEAM_FUNCTION_CODES, type RoleCode } from '@sightline/shared';
import { describeOnOneDatabase, type TestServer } from '../../../test/harness.js';
import { buildCorporateUser, buildTeam, DAY_MS, setFunction } from '../../../test/factories/team.js';
import { sessionToken } from '../../../test/factories/user.js';
import {
  badRequests,
  declaredOperation,
  openApiPath,
  operationsOf,
  type FuzzRequest,
  type OpenApiDocument,
  type Operation,
} from '../../../test/input-fuzz.js';
import { routeDeclarations } from './route.js';

/** Longer than any call that is not stuck takes here, far shorter than the 90 s route limit. */
const REQUEST_TIMEOUT_MS = 10_000;

interface Caller {
  label: string;
  role: RoleCode | null;
  token: string | null;
}

interface Failure {
  caller: string;
  operation: string;
  variant: string;
  status: number | 'timeout';
  body: string;
}

/** Every operation the server publishes, plus routes declared without published schemas. */
function allOperations(server: TestServer): Operation[] {
  const published = operationsOf(server.app.swagger() as OpenApiDocument);
  const known = new Set(published.map((operation) => `${operation.method} ${operation.path}`));
  const declaredOnly = routeDeclarations(server.app)
    .filter((declaration) => !known.has(`${declaration.method} ${openApiPath(declaration.url)}`))
    .map((declaration) => declaredOperation(declaration.method, declaration.url));
  return [...published, ...declaredOnly];
}

describeOnOneDatabase('every operation refuses bad input without a 5xx or a hang', (server) => {
  // Each call comes from its own address, so per-address rate limits do not stop the generated calls early.
  let address = 0;
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  /** The status of one call, or 'timeout'; a stream's headers count as its answer. */
  async function send(request: FuzzRequest, caller: Caller): Promise<{ status: number | 'timeout'; body: string }> {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), REQUEST_TIMEOUT_MS);
    });
    const answer = (async () => {
      const response = await server().app.inject({
        method: request.method as 'GET',
        url: request.url,
        remoteAddress: nextAddress(),
        payloadAsStream: true,
        signal: abort.signal,
        headers: {
          ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
          ...(request.contentType ? { 'content-type': request.contentType } : {}),
        },
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      });
      const stream = response.stream();
      if (String(response.headers['content-type'] ?? '').startsWith('text/event-stream')) {
        abort.abort();
        return { status: response.statusCode, body: '' };
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { status: response.statusCode, body: Buffer.concat(chunks).toString('utf8').slice(0, 300) };
    })();
    try {
      const result = await Promise.race([answer, timeout]);
      if (result === 'timeout') abort.abort();
      return result === 'timeout' ? { status: 'timeout', body: '' } : result;
    } finally {
      clearTimeout(timer);
    }
  }

  /** An owner of a team with every function package active, so no permission or package check stops a call. */
  async function newOwner(): Promise<Caller> {
    const { db } = server();
    const team = await buildTeam(db);
    for (const code of TEAM_FUNCTION_CODES) {
      await setFunction(db, {
        teamId: team.id,
        code,
        activatedAt: new Date(),
        expiresAt: new Date(Date.now() + DAY_MS),
      });
    }
    return { label: 'team owner', role: 'ROLE_TEAM_OWNER', token: await sessionToken(db, team.owner.id) };
  }

  /** For the calls a team owner may not make (corporate administration). */
  async function newManager(): Promise<Caller> {
    const manager = await buildCorporateUser(server().db, 'ROLE_CORP_MANAGEMENT');
    return { label: 'corporate management', role: 'ROLE_CORP_MANAGEMENT', token: manager.token };
  }

  /** Whether earlier calls left the caller signed in with its role (they may log out, hand over or leave the team). */
  async function intact(caller: Caller): Promise<boolean> {
    const response = await server().call<{ roleId: string | null }>('GET', '/api/user-client/details', {
      token: caller.token ?? '',
    });
    return response.body.code === 2000 && response.body.data.roleId === caller.role;
  }

  it('answers every generated bad request below 500, in time', async () => {
    const started = Date.now();
    const operations = allOperations(server());
    const anonymous: Caller = { label: 'anonymous', role: null, token: null };
    let owner = await newOwner();
    let manager = await newManager();
    const failures: Failure[] = [];
    let calls = 0;

    const run = async (operation: Operation, caller: Caller, requests: FuzzRequest[]) => {
      for (const request of requests) {
        const { status, body } = await send(request, caller);
        calls += 1;
        if (status === 'timeout' || status >= 500) {
          failures.push({
            caller: caller.label,
            operation: `${operation.method} ${operation.path}`,
            variant: request.variant,
            status,
            body,
          });
        }
      }
    };

    // A route for signed-in users settles its caller before its schema looks at the input (route.ts), so an anonymous
    // caller reaches only routing and body parsing there: sending it the schema-level variants too would repeat the
    // same refusal thousands of times.
    const signedInOnly = new Set(
      routeDeclarations(server().app)
        .filter((declaration) => declaration.access === 'user' && !declaration.file && !declaration.upload)
        .map((declaration) => `${declaration.method} ${openApiPath(declaration.url)}`),
    );
    for (const operation of operations) {
      const requests = badRequests(operation);
      const anonymousRequests = signedInOnly.has(`${operation.method} ${operation.path}`)
        ? requests.filter((request) => !request.schemaLevel)
        : requests;
      if (!(await intact(owner))) owner = await newOwner();
      // The baseline shows whether the owner gets past the permission check; if not, corporate management does.
      const [baseline] = requests;
      const probe = await send(baseline!, owner);
      const signedIn =
        probe.status === 403 ? ((await intact(manager)) ? manager : (manager = await newManager())) : owner;
      await run(operation, signedIn, requests);
      await run(operation, anonymous, anonymousRequests);
    }

    const fives = failures.filter((failure) => failure.status !== 'timeout').length;
    console.log(
      `[${server().backend}] input fuzz: ${operations.length} operations, ${calls} calls, ${fives} answered 5xx, ` +
        `${failures.length - fives} timed out, in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(failures, JSON.stringify(failures.slice(0, 40), null, 1)).toEqual([]);
  }, 600_000);
});
