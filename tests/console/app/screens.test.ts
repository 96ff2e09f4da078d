import { describe, expect, it } from 'vitest';
import { areaScreens, SCREENS } from '../../../src/console/app/screens';
import dripFeedsArea from '../../../src/console/areas/drip-feeds';
import { dripFeedsResource } from '../../../src/console/areas/drip-feeds/resource';
import { AUTH, defineArea, type AreaScreen } from '../../../src/console/resource/area';

/** The screen table: the core rows and the rows the areas declare in their defineArea. */

const LIST_ROW: AreaScreen = { source: 'operations', nav: { label: 'Drip-feed', section: 'operations', order: 40 }, go: 'd' };
const withList = (screens: Record<string, AreaScreen>) => defineArea({ name: 'test', resources: [dripFeedsResource], screens });

describe('the screen table', () => {
  it('lists every path once, and each navigation entry at its own place in its section', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    const places = SCREENS.flatMap((s) => (s.nav ? [`${s.nav.section} ${s.nav.order}`] : []));
    expect(new Set(places).size).toBe(places.length);
    expect(paths).toEqual(expect.arrayContaining(['/login', '/', '/finances', '/drip-feed', '/orders/:id']));
  });

  it("gives a list the access of its resource's permission", () => {
    const [slot] = areaScreens([dripFeedsArea]);
    expect(slot.entry).toEqual({ path: '/drip-feed', access: { kind: 'permissions', permissions: ['viewOrders'] }, ...LIST_ROW });
    expect(slot.resource).toBe(dripFeedsResource);
  });

  it('refuses a list row with an access of its own, a list without a row and another row without an access', () => {
    expect(() => areaScreens([withList({ '/drip-feed': { ...LIST_ROW, access: AUTH } })])).toThrow(/comes from the list's permission/);
    expect(() => areaScreens([withList({})])).toThrow(/the list \/drip-feed has no screen row/);
    expect(() => areaScreens([withList({ '/drip-feed': LIST_ROW, '/drip-feed/:id': { source: 'console' } })])).toThrow(/needs an access/);
  });

  it('leaves the core rows to the console: an area gives only their component', () => {
    expect(() => areaScreens([defineArea({ name: 'test', screens: { '/': { source: 'console', access: AUTH } } })])).toThrow(/is a core screen/);
    expect(() => areaScreens([defineArea({ name: 'test', coreComponents: { '/nowhere': async () => () => null } })])).toThrow(/is not a core screen/);
  });

  it('refuses a path given by two areas', () => {
    const other = defineArea({ name: 'other', screens: { '/drip-feed': { ...LIST_ROW, access: AUTH } } });
    expect(() => areaScreens([dripFeedsArea, other])).toThrow(/given by areas 'drip-feeds' and 'other'/);
  });
});
