import { describe, expect, it } from 'vitest';
import { MESH_FINE_DETAIL, MESH_SOLID, MESH_UNDERBASE, meshFor } from './mesh.ts';

describe('meshFor', () => {
  it('puts the underbase and white on coarse mesh, solids on medium, fine detail on fine', () => {
    expect(meshFor({ underbase: true, inkId: 'white', smallestFeatureInches: 0.01 })).toBe(MESH_UNDERBASE);
    expect(meshFor({ underbase: false, inkId: 'white', smallestFeatureInches: 1 })).toBe(MESH_UNDERBASE);
    expect(meshFor({ underbase: false, inkId: 'red', smallestFeatureInches: 0.3 })).toBe(MESH_SOLID);
    expect(meshFor({ underbase: false, inkId: 'red', smallestFeatureInches: 0.02 })).toBe(MESH_FINE_DETAIL);
  });
});
