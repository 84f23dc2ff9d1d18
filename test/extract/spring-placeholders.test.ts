import { describe, expect, it } from 'vitest';
import { expandPlaceholders, propertiesSettings } from '../../src/extract/langs/spring-placeholders.js';
import { Mapped } from '../../src/extract/shell/mapped.js';

describe('Spring placeholders', () => {
  const text = 'ship.root=https://hub.docker.com/v2\nship.sign-in = ${ship.root}/users/login\nship.other=${ship.unset:https://hub.docker.com}/x\n! note\n';
  const settings = propertiesSettings(text);
  const lookup = (k: string) => settings.get(k);

  it('reads .properties settings with relaxed keys', () => {
    expect(settings.get('ship.signin')?.text).toBe('${ship.root}/users/login');
    expect(settings.has('!')).toBe(false);
  });

  it('joins a defined key and maps its value to the placeholder', () => {
    const v = expandPlaceholders(settings.get('ship.signin') as Mapped, lookup);
    expect(v.text).toBe('https://hub.docker.com/v2/users/login');
    expect(v.startOf(0)).toBe(text.indexOf('${ship.root}'));
    expect(v.substituted(0, 5)).toBe(true);
  });

  it('takes the default of an undefined key and leaves an unknown one as written', () => {
    expect(expandPlaceholders(settings.get('ship.other') as Mapped, lookup).text).toBe('https://hub.docker.com/x');
    const m = Mapped.of('${nope}/users/login');
    expect(expandPlaceholders(m, lookup)).toBe(m);
  });

  it('stops on a cycle', () => {
    const loop = propertiesSettings('a=${b}/x\nb=${a}/y\n');
    expect(expandPlaceholders(loop.get('a') as Mapped, (k) => loop.get(k)).text).toContain('${');
  });
});
