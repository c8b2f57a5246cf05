import { describe, expect, it } from 'vitest';
import {
  DEFAULT_HOST,
  DEFAULT_PORT,
  listenOrigin,
  parseContactEmail,
  parsePort,
  parsePublicOrigin,
  readSiteSettings,
} from './site-settings.js';

describe('parsePublicOrigin', () => {
  it('accepts an http(s) origin, with or without a port or a trailing slash, and normalises it', () => {
    expect(parsePublicOrigin('https://pdf.example.org')).toBe('https://pdf.example.org');
    expect(parsePublicOrigin(' https://PDF.Example.org/ ')).toBe('https://pdf.example.org');
    expect(parsePublicOrigin('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    expect(parsePublicOrigin('https://pdf.example.org:443')).toBe('https://pdf.example.org');
    expect(parsePublicOrigin('http://[::1]:8080/')).toBe('http://[::1]:8080');
  });

  it.each([
    ['pdf.example.org', 'not an absolute URL'],
    ['/relative', 'not an absolute URL'],
    ['', 'not an absolute URL'],
    ['ftp://pdf.example.org', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['https://user:secret@pdf.example.org', 'user name'],
    ['https://pdf.example.org/quire', 'no path'],
    ['https://pdf.example.org/quire/', 'no path'],
    ['https://pdf.example.org?x=1', 'no path'],
    ['https://pdf.example.org/#top', 'no path'],
  ])('rejects %j, saying why and naming the setting', (raw, reason) => {
    expect(() => parsePublicOrigin(raw)).toThrow(/^QUIRE_PUBLIC_ORIGIN must be an absolute http\(s\) origin/);
    expect(() => parsePublicOrigin(raw)).toThrow(reason);
  });

  it('names the variable it was given', () => {
    expect(() => parsePublicOrigin('nope', 'VITE_PUBLIC_ORIGIN')).toThrow(/^VITE_PUBLIC_ORIGIN must/);
  });
});

describe('the origin of the server’s own address', () => {
  it('is the host and port the server listens on, by default 127.0.0.1:3000', () => {
    expect(listenOrigin(DEFAULT_HOST, DEFAULT_PORT)).toBe('http://127.0.0.1:3000');
    expect(listenOrigin('127.0.0.1', 4000)).toBe('http://127.0.0.1:4000');
    expect(listenOrigin('', 4000)).toBe('http://127.0.0.1:4000');
    expect(listenOrigin('pdf.lan', 8080)).toBe('http://pdf.lan:8080');
    expect(listenOrigin('::1', 8080)).toBe('http://[::1]:8080');
    expect(listenOrigin('[::1]', 8080)).toBe('http://[::1]:8080');
    expect(listenOrigin('127.0.0.1', 80)).toBe('http://127.0.0.1');
  });

  it('names a wildcard host, which no visitor can type, as localhost', () => {
    for (const host of ['0.0.0.0', '::', '[::]', '0:0:0:0:0:0:0:0']) {
      expect(listenOrigin(host, 3000), host).toBe('http://localhost:3000');
    }
  });

  it('refuses a host that is not one', () => {
    expect(() => listenOrigin('not a host', 3000)).toThrow(/^HOST must be a host name or an IP address/);
  });

  it('reads PORT as the server does', () => {
    expect(parsePort(undefined)).toBe(DEFAULT_PORT);
    expect(parsePort(' ')).toBe(DEFAULT_PORT);
    expect(parsePort('4000')).toBe(4000);
    for (const raw of ['x', '-1', '65536', '3.5']) {
      expect(() => parsePort(raw), raw).toThrow(`PORT must be a whole number from 0 to 65535, not "${raw}".`);
    }
  });
});

describe('parseContactEmail', () => {
  it('accepts a plain address', () => {
    for (const address of [
      'contact@example.com',
      'first.last+pdf@mail.pdf-tools.example.co.uk',
      'a_b@x.io',
    ]) {
      expect(parseContactEmail(` ${address} `)).toBe(address);
    }
  });

  it.each([
    'contact',
    'contact@',
    '@example.com',
    'contact@localhost',
    'mailto:contact@example.com',
    'Quire <contact@example.com>',
    'con tact@example.com',
    'contact@example.com, other@example.com',
    'a..b@example.com',
    '.a@example.com',
    'a*b@example.com',
    'contact@-example.com',
  ])('refuses %j, naming the setting', (raw) => {
    expect(() => parseContactEmail(raw)).toThrow(/^QUIRE_CONTACT_EMAIL must be a plain email address/);
  });
});

describe('readSiteSettings, what npm start builds the site with', () => {
  it('names the server’s default address and no contact address when nothing is set', () => {
    const settings = readSiteSettings({});
    expect(settings.publicOrigin).toBe('http://127.0.0.1:3000');
    expect(settings.contactEmail).toBeNull();
  });

  it('follows HOST and PORT when QUIRE_PUBLIC_ORIGIN is unset', () => {
    expect(readSiteSettings({ PORT: '4000' }).publicOrigin).toBe('http://127.0.0.1:4000');
    expect(readSiteSettings({ HOST: '::1', PORT: '8443' }).publicOrigin).toBe('http://[::1]:8443');
    const wildcard = readSiteSettings({ HOST: '0.0.0.0', PORT: '8080' });
    expect(wildcard.publicOrigin).toBe('http://localhost:8080');
    expect(wildcard.notes.join(' ')).toContain('HOST=0.0.0.0 listens on every address');
    const anyPort = readSiteSettings({ PORT: '0' });
    expect(anyPort.publicOrigin).toBe('http://127.0.0.1:3000');
    expect(anyPort.notes.join(' ')).toContain('PORT=0');
  });

  it('takes QUIRE_PUBLIC_ORIGIN over HOST and PORT', () => {
    const settings = readSiteSettings({
      QUIRE_PUBLIC_ORIGIN: 'https://pdf.example.org/',
      HOST: '0.0.0.0',
      PORT: '4000',
    });
    expect(settings.publicOrigin).toBe('https://pdf.example.org');
    expect(settings.notes.join(' ')).not.toContain('HOST');
  });

  it('reads the contact address, and stops on a wrong one', () => {
    expect(readSiteSettings({ QUIRE_CONTACT_EMAIL: 'ops@pdf.example.org' }).contactEmail).toBe(
      'ops@pdf.example.org',
    );
    expect(readSiteSettings({ QUIRE_CONTACT_EMAIL: ' ' }).contactEmail).toBeNull();
    expect(() => readSiteSettings({ QUIRE_CONTACT_EMAIL: 'ops at example' })).toThrow(/QUIRE_CONTACT_EMAIL/);
    expect(() => readSiteSettings({ PORT: 'http' })).toThrow(/^PORT must be/);
  });
});
