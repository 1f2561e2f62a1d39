/**
 * Spots to click on a 3D view of `width` × `height` CSS pixels, from its centre outwards in square rings `step`
 * pixels apart: a click beside the model leaves a pick waiting, so a journey tries them in turn until one lands.
 */
export function spotsFromCentre(width: number, height: number, rings = 6, step = 40): Array<[number, number]> {
  const spots: Array<[number, number]> = [];
  for (let ring = 0; ring <= rings; ring++) {
    for (let along = -ring; along <= ring; along++) {
      for (const [dx, dy] of [
        [along, -ring],
        [along, ring],
        [-ring, along],
        [ring, along],
      ] as const) {
        const spot: [number, number] = [width / 2 + dx * step, height / 2 + dy * step];
        if (!spots.some(([x, y]) => x === spot[0] && y === spot[1])) spots.push(spot);
      }
    }
  }
  return spots;
}
