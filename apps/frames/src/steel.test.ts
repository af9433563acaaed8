import { describe, expect, it } from 'vitest';
import { plainProfile, type Application, type PartnerFrame, type Session } from '@erp/shared';
import { allowedFrameOrigins, frameSource, frameTitle } from './frame-source.ts';
import { afterAck, httpOrigin, isFromSteelFrame, parseAck, steelAccess, steelElsewhere, verifyMessage } from './steel.ts';

const steel: PartnerFrame = {
  component: '@erp/frames#SteelFrame',
  origin: 'http://127.0.0.1:8081',
  domain: 'resteel.example',
  path: '/resteel-oe/resteel',
  frameUrl: 'http://127.0.0.1:8081/resteel/order-entry.html',
};

function session(domain: string, expired = false): Session {
  return {
    accessToken: 'token',
    expired,
    profile: plainProfile('steel', "Liam O'Connor", domain),
  };
}

describe('steelAccess (§2 embedded steel frame)', () => {
  it('allows the steel path, a live session and the steel domain, case-insensitively', () => {
    expect(steelAccess(steel, session('ReSteel.Example'), '/ReSteel-OE/resteel/')).toEqual({
      kind: 'allowed',
      frameUrl: steel.frameUrl,
      origin: 'http://127.0.0.1:8081',
      shellSub: { displayName: "Liam O'Connor", subjectId: 'steel' },
    });
  });

  it('refuses another path, a missing or expired session and another domain', () => {
    expect(steelAccess(steel, session('resteel.example'), '/resteel-oe/ar-account-inquiry').kind).toBe('wrong-path');
    expect(steelAccess(steel, null, steel.path).kind).toBe('signed-out');
    expect(steelAccess(steel, session('resteel.example', true), steel.path).kind).toBe('expired');
    expect(steelAccess(steel, session('novus.example'), steel.path).kind).toBe('other-domain');
    // A profile without a domain (the ID-token fallback) never matches, even an empty configured domain.
    expect(steelAccess(steel, session(''), steel.path).kind).toBe('other-domain');
    expect(steelAccess({ ...steel, domain: '' }, session(''), steel.path).kind).toBe('other-domain');
    // A look-alike domain is another domain.
    expect(steelAccess(steel, session('resteel.example.evil'), steel.path).kind).toBe('other-domain');
  });

  it('refuses a configuration whose page is not on the steel origin, or has no usable origin', () => {
    expect(steelAccess({ ...steel, frameUrl: 'https://elsewhere.example/page' }, session('resteel.example'), steel.path).kind).toBe(
      'misconfigured',
    );
    expect(steelAccess({ ...steel, origin: '*' }, session('resteel.example'), steel.path).kind).toBe('misconfigured');
    expect(steelAccess({ ...steel, origin: 'javascript:alert(1)' }, session('resteel.example'), steel.path).kind).toBe('misconfigured');
    expect(steelAccess(undefined, session('resteel.example'), steel.path).kind).toBe('misconfigured');
  });

  it('normalizes the configured origin and loads the origin root when no page URL is configured', () => {
    const access = steelAccess({ component: steel.component, origin: 'HTTP://127.0.0.1:8081/', domain: 'resteel.example', path: steel.path }, session('resteel.example'), steel.path);
    expect(access).toMatchObject({ kind: 'allowed', origin: 'http://127.0.0.1:8081', frameUrl: 'http://127.0.0.1:8081/' });
  });
});

describe('steelElsewhere (issue 39 item 4: the steel screen on another route is no dead end)', () => {
  const app = (name: string, routerPath: string) => ({ Application: name, RouterPath: routerPath }) as Application;
  const apps = [app('NOVUS-OE', '/novus-oe'), app('RESTEEL-OE', '/resteel-oe')];

  it('offers the steel path to a user who may open it', () => {
    expect(steelElsewhere(steel, session('ReSteel.Example'), apps)).toEqual({ kind: 'elsewhere', path: '/resteel-oe/resteel' });
    expect(steelElsewhere({ ...steel, path: 'resteel-oe/resteel/' }, session('resteel.example'), apps)).toEqual({ kind: 'elsewhere', path: '/resteel-oe/resteel' });
  });

  it('says why not: another domain, no session, an expired one, the application not the user’s, a broken configuration', () => {
    expect(steelElsewhere(steel, session('novus.example'), apps).kind).toBe('other-domain');
    expect(steelElsewhere(steel, null, apps).kind).toBe('signed-out');
    expect(steelElsewhere(steel, session('resteel.example', true), apps).kind).toBe('expired');
    expect(steelElsewhere(steel, session('resteel.example'), [app('NOVUS-OE', '/novus-oe')]).kind).toBe('no-application');
    expect(steelElsewhere({ ...steel, origin: '*' }, session('resteel.example'), apps).kind).toBe('misconfigured');
    expect(steelElsewhere({ ...steel, path: '' }, session('resteel.example'), apps).kind).toBe('misconfigured');
  });
});

describe('messages', () => {
  it('VerifyReSteelSndUser carries exactly the shellSub', () => {
    const sub = { displayName: 'Dana', subjectId: 'admin', extra: 'not sent' };
    expect(verifyMessage(sub)).toEqual({ name: 'VerifyReSteelSndUser', shellSub: { displayName: 'Dana', subjectId: 'admin' } });
  });

  it('accepts a message only from the steel origin AND the frame window', () => {
    const frame = {} as Window;
    const other = {} as Window;
    const origin = 'http://127.0.0.1:8081';
    expect(isFromSteelFrame({ origin, source: frame }, origin, frame)).toBe(true);
    expect(isFromSteelFrame({ origin, source: other }, origin, frame)).toBe(false);
    expect(isFromSteelFrame({ origin: 'http://localhost:8080', source: frame }, origin, frame)).toBe(false);
    expect(isFromSteelFrame({ origin, source: null }, origin, null)).toBe(false);
    expect(isFromSteelFrame({ origin: 'http://127.0.0.1:8081/', source: frame }, origin, frame)).toBe(false);
  });

  it('reads acknowledgements and moves the link state', () => {
    expect(parseAck('ReSteelAck')).toBeNull();
    expect(parseAck({ name: 'Other', received: 'x' })).toBeNull();
    const ack = parseAck({ name: 'ReSteelAck', received: 'VerifyReSteelSndUser', subjectId: 'steel', at: 'now', junk: 1 });
    expect(ack).toEqual({ name: 'ReSteelAck', received: 'VerifyReSteelSndUser', subjectId: 'steel', at: 'now' });
    expect(afterAck('sent', ack!, 'steel')).toBe('connected');
    expect(afterAck('sent', { ...ack!, subjectId: 'mallory' }, 'steel')).toBe('mismatch');
    expect(afterAck('sent', { name: 'ReSteelAck', received: 'Other' }, 'steel')).toBe('sent');
    expect(afterAck('sent', { name: 'ReSteelAck', received: 'VerifyReSteelSndUser' }, 'steel')).toBe('connected');
    expect(afterAck('mismatch', ack!, 'steel')).toBe('mismatch');
  });

  it('httpOrigin answers origins of absolute http(s) URLs only', () => {
    expect(httpOrigin('https://a.example:8443/x?y#z')).toBe('https://a.example:8443');
    expect(httpOrigin('/relative')).toBeNull();
    expect(httpOrigin('data:text/html,hi')).toBeNull();
    expect(httpOrigin(42)).toBeNull();
  });
});

describe('frameSource (§1 one frame per registered path)', () => {
  const allowed = allowedFrameOrigins({ frames: [{ origin: 'http://127.0.0.1:8081' }, { origin: 'not a url' }] });

  it('keeps only usable configured origins', () => {
    expect(allowed).toEqual(['http://127.0.0.1:8081']);
    expect(allowedFrameOrigins({})).toEqual([]);
  });

  it('loads absolute URLs on an allowed origin only', () => {
    expect(frameSource({ src: 'http://127.0.0.1:8081/novus/index.html#/load-sheet' }, allowed)).toEqual({
      kind: 'ok',
      src: 'http://127.0.0.1:8081/novus/index.html#/load-sheet',
      origin: 'http://127.0.0.1:8081',
    });
    expect(frameSource({}, allowed)).toEqual({ kind: 'missing' });
    expect(frameSource({ src: '/novus/index.html' }, allowed).kind).toBe('invalid');
    expect(frameSource({ src: 'javascript:alert(1)' }, allowed).kind).toBe('invalid');
    expect(frameSource({ src: 'https://evil.example/' }, allowed)).toEqual({ kind: 'not-allowed', origin: 'https://evil.example' });
  });

  it('titles the frame from the route Meta', () => {
    expect(frameTitle({ title: ' Load Sheet ' })).toBe('Load Sheet');
    expect(frameTitle({})).toBeNull();
  });
});
