import type { SiteConfig } from '#shared/site-data.ts';

const WIDTH = 600;
const HEIGHT = 460;
/** Pixels from the shop to the edge of the delivery circle. */
const CIRCLE_PX = 190;
/** Miles per degree of latitude; a degree of longitude is this times the cosine of the latitude. */
const MILES_PER_DEGREE = 69.05;

/** Where a place sits on the drawing: the shop in the middle, north up, to scale. */
function project(area: SiteConfig['serviceArea'], point: { lat: number; lng: number }) {
  const scale = CIRCLE_PX / area.deliveryRadiusMiles;
  const east = (point.lng - area.shop.lng) * MILES_PER_DEGREE * Math.cos((area.shop.lat * Math.PI) / 180);
  const north = (point.lat - area.shop.lat) * MILES_PER_DEGREE;
  return { x: WIDTH / 2 + east * scale, y: HEIGHT / 2 - north * scale };
}

/**
 * The delivery area drawn from the data (no tile server is reachable): the shop, the free delivery
 * circle, the towns in and around it, a scale and north. The towns are also listed as text beside it.
 */
export function ServiceAreaMap({ config }: { config: SiteConfig }) {
  const area = config.serviceArea;
  const shop = project(area, area.shop);
  const milesPerTick = area.deliveryRadiusMiles >= 20 ? 10 : 5;
  const tick = (CIRCLE_PX / area.deliveryRadiusMiles) * milesPerTick;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby="area-map-title"
      className="h-auto w-full rounded-xl bg-[#eef2e6]"
    >
      <title id="area-map-title">
        {`Map: ${config.appName} in ${config.address.city}, with the free delivery area of ${area.deliveryRadiusMiles} miles around it`}
      </title>
      <defs>
        <pattern id="area-fields" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(12)">
          <path d="M0 12h24" stroke="#e6ebdc" strokeWidth="8" />
        </pattern>
      </defs>
      <rect width={WIDTH} height={HEIGHT} fill="url(#area-fields)" />
      {/* The main roads out of town, for orientation only. */}
      <path
        d={`M${shop.x} 0V${HEIGHT}M0 ${shop.y + 8}H${WIDTH}M${shop.x - 150} ${shop.y + 110}L${shop.x + 150} ${shop.y - 110}`}
        stroke="#fff"
        strokeWidth="5"
        fill="none"
      />
      <circle
        cx={shop.x}
        cy={shop.y}
        r={CIRCLE_PX}
        fill="#c2410c"
        fillOpacity="0.08"
        stroke="#c2410c"
        strokeWidth="2"
        strokeDasharray="6 5"
      />
      <circle cx={shop.x} cy={shop.y} r="30" fill="#a8a29e" fillOpacity="0.3" />
      {area.places.map((place) => {
        const { x, y } = project(area, place);
        const left = x > WIDTH - 120;
        return (
          <g key={place.name}>
            <circle cx={x} cy={y} r="3.5" fill="#44403c" />
            <text
              x={left ? x - 6 : x + 6}
              y={y + 4}
              textAnchor={left ? 'end' : 'start'}
              fontSize="11"
              fill="#292524"
              stroke="#eef2e6"
              strokeWidth="3"
              paintOrder="stroke"
            >
              {place.name}
            </text>
          </g>
        );
      })}
      <g transform={`translate(${shop.x} ${shop.y})`}>
        <path
          d="M0 0c-8-12-14-18-14-26a14 14 0 0 1 28 0c0 8-6 14-14 26z"
          fill="#c2410c"
          stroke="#fff"
          strokeWidth="2"
        />
        <circle cy="-26" r="5" fill="#fff" />
      </g>
      {/* South-west of the pin, where no town is this close. */}
      <text
        x={shop.x - 14}
        y={shop.y + 22}
        textAnchor="end"
        fontSize="15"
        fontWeight="700"
        fill="#7c2d12"
        stroke="#eef2e6"
        strokeWidth="3"
        paintOrder="stroke"
      >
        {config.appName}
      </text>
      <g transform={`translate(16 ${HEIGHT - 18})`} fontSize="11" fill="#292524">
        <path d={`M0 0h${tick}M0-5v10M${tick}-5v10`} stroke="#292524" strokeWidth="2" />
        <text x={tick + 6} y="4">
          {milesPerTick} miles
        </text>
      </g>
      <g transform={`translate(${WIDTH - 22} 26)`} fill="#292524">
        <path d="M0-14 7 6 0 2-7 6z" />
        <text y="20" textAnchor="middle" fontSize="11" fontWeight="700">
          N
        </text>
      </g>
    </svg>
  );
}
