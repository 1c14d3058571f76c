import type { ReactNode, Ref } from 'react';
import type { GarmentType } from '#shared/garments/catalogue.ts';
import { garmentDrawing, OUTLINE_STROKE, SEAM_STROKE } from '#shared/garments/garment-drawings.ts';
import { PICTURE_HEIGHT, PICTURE_WIDTH, type PictureView } from '#shared/garments/placement-geometry.ts';

/**
 * A garment's flat picture in its colour: the same paths the server's mockup is drawn from. Colours go
 * in SVG attributes, not style, so the strict CSP (no inline styles) is kept. `children` are drawn over
 * it in the picture's own coordinates (the placement tool's print area and artwork).
 */
export function GarmentPicture({
  type,
  view,
  hex,
  label,
  className,
  children,
  viewBox,
  svgRef,
  marksOnly = false,
}: {
  type: GarmentType;
  view: PictureView;
  hex: string;
  /** What the picture shows, for screen readers: "Navy tee, front". */
  label: string;
  className?: string;
  children?: ReactNode;
  /** Part of the picture to show, close up (the placement tool on a small artwork); the whole by default. */
  viewBox?: string;
  svgRef?: Ref<SVGSVGElement>;
  /** `children` are marks on the picture, not controls: it stays one image. */
  marksOnly?: boolean;
}) {
  const { body, seams } = garmentDrawing(type, view);
  // Close up, the seams and outline keep their drawn thickness on screen rather than growing with the zoom.
  const effect = viewBox ? 'non-scaling-stroke' : undefined;
  return (
    // With controls drawn on it (the placement tool) it is a group of them, not a picture: an image's
    // content is not read, and a control inside one is lost to screen readers.
    <svg
      ref={svgRef}
      viewBox={viewBox ?? `0 0 ${PICTURE_WIDTH} ${PICTURE_HEIGHT}`}
      role={children && !marksOnly ? 'group' : 'img'}
      aria-label={label}
      className={className}
    >
      <path
        d={body}
        fill={hex}
        stroke={OUTLINE_STROKE.stroke}
        strokeOpacity={OUTLINE_STROKE.opacity}
        strokeWidth={OUTLINE_STROKE.width}
        strokeLinejoin="round"
        vectorEffect={effect}
      />
      <path
        d={seams}
        fill="none"
        stroke={SEAM_STROKE.stroke}
        strokeOpacity={SEAM_STROKE.opacity}
        strokeWidth={SEAM_STROKE.width}
        strokeDasharray="6 4"
        vectorEffect={effect}
      />
      {children}
    </svg>
  );
}
