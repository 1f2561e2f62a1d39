import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppServices } from '../app-services.js';
import { loadConfig } from '../config.js';
import { CALLER, FEATURE_CHECK, LINK_CALLER, defineProvision, type ModuleDefinition } from './module-definition.js';
import { registerModules } from './register-modules.js';

const ANSWER = defineProvision<number>('test.answer');

function servicesFor(role: 'all' | 'worker'): AppServices {
  return { config: loadConfig({ SIGHTLINE_ROLE: role, DATABASE_URL: 'postgres://unused' }) } as AppServices;
}

/** What a platform needs from the modules before it can route a request. */
const platformAnswers: ModuleDefinition = {
  name: 'callers',
  register(context) {
    context.provide(CALLER, async () => null);
    context.provide(LINK_CALLER, async () => null);
    context.provide(FEATURE_CHECK, async () => undefined);
  },
};

function provider(value: number): ModuleDefinition {
  return { name: 'provider', register: (context) => context.provide(ANSWER, value) };
}

describe('registerModules', () => {
  it('gives a module what an earlier one provides, and refuses a module listed before its provider', () => {
    const seen: number[] = [];
    const user: ModuleDefinition = { name: 'user', register: (context) => void seen.push(context.use(ANSWER)) };
    registerModules(Fastify(), servicesFor('worker'), [platformAnswers, provider(42), user], []);
    expect(seen).toEqual([42]);
    expect(() => registerModules(Fastify(), servicesFor('worker'), [platformAnswers, user, provider(42)], [])).toThrow(
      'Module "user" uses "test.answer", which no module registered before it provides',
    );
  });

  it('lets a core ask a later module, and fails at start when none answers', () => {
    let ask: () => number = () => 0;
    const core: ModuleDefinition = { name: 'core', register: (context) => void (ask = context.useLater(ANSWER)) };
    registerModules(Fastify(), servicesFor('worker'), [platformAnswers, core, provider(7)], []);
    expect(ask()).toBe(7);
    expect(() => registerModules(Fastify(), servicesFor('worker'), [platformAnswers, core], [])).toThrow(
      'Module "core" uses "test.answer", which no module provides',
    );
  });

  it('refuses two providers of one key', () => {
    expect(() => registerModules(Fastify(), servicesFor('worker'), [provider(1), provider(2)], [])).toThrow(
      '"test.answer" is provided by both "provider" and "provider"',
    );
  });

  it('adds routes where the role serves, and none in a worker', () => {
    const routed: string[] = [];
    const module: ModuleDefinition = { name: 'm', register: (context) => context.routes(() => routed.push('routes')) };
    registerModules(Fastify(), servicesFor('worker'), [platformAnswers, module], []);
    expect(routed).toEqual([]);
    registerModules(Fastify(), servicesFor('all'), [platformAnswers, module], []);
    expect(routed).toEqual(['routes']);
  });
});
