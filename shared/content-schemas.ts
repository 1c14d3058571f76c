import { serviceIds } from './service-ids.ts';
import { z } from './zod.ts';

/**
 * The content files of the trust pages: past jobs (data/our-work.json), answers (data/faq.json) and
 * artwork guidelines (data/artwork-guidelines.json). Every word and picture on those pages comes from
 * here, so the shop edits JSON, not code.
 */

/** An anchor or id: lower-case words joined by hyphens, stable enough to be linked to from outside. */
const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case words joined by hyphens');
const text = z.string().trim().min(1);
const internalPath = z
  .string()
  .regex(/^\/(?!\/)[\w\-./?=&#%]*$/, 'must be a path on this site, starting with a single "/"');
const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'must be a color such as #1f3a5f');

/** The garments the build can draw (scripts/garment-mockup.ts); each has its own print areas. */
const garmentKinds = ['tee', 'hoodie', 'polo', 'cap', 'tote'] as const;
/** Where a design sits on the drawn garment. */
const placements = ['full-front', 'left-chest', 'front-panel'] as const;

const mockupSchema = z.object({
  garment: z.enum(garmentKinds),
  /** The garment's fabric colour. */
  color: hexColor,
  /** A sample design under assets/designs/<name>.svg. */
  design: slug,
  placement: z.enum(placements),
  /** What the picture shows, for people who cannot see it. */
  alt: text,
});

const jobSchema = z.object({
  /** Also the start of the pictures' file names: work-<id>-<n>. */
  id: slug,
  title: text,
  service: z.enum(serviceIds),
  garment: text,
  quantity: z.number().int().positive(),
  story: text,
  pictures: z.array(mockupSchema).min(1),
  /** Shown on the home page as well. */
  featured: z.boolean().optional(),
});

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): boolean {
  return new Set(items.map(key)).size === items.length;
}

/** data/our-work.json: at least twelve past jobs, each drawn on its garment. */
export const ourWorkSchema = z.object({
  intro: text,
  jobs: z
    .array(jobSchema)
    .min(12)
    .refine((jobs) => uniqueBy(jobs, (job) => job.id), 'job ids must be unique'),
});

const questionSchema = z.object({
  /** The anchor that links to this answer: /faq#<id>. */
  id: slug,
  question: text,
  /** Plain text, one paragraph each: it also goes into the FAQPage structured data. */
  answer: z.array(text).min(1),
  /** A page that says more. */
  link: z.object({ to: internalPath, label: text }).optional(),
});

/** data/faq.json: questions in groups, each answer linkable by its own anchor. */
export const faqSchema = z.object({
  intro: text,
  groups: z
    .array(z.object({ id: slug, title: text, questions: z.array(questionSchema).min(1) }))
    .min(1)
    .refine(
      (groups) =>
        uniqueBy([...groups.map((g) => g.id), ...groups.flatMap((g) => g.questions.map((q) => q.id))], String),
      'group and question ids must be unique: each is an anchor on the same page',
    ),
});

const printAreaSchema = z.object({
  location: text,
  /** Inches. */
  width: z.number().positive(),
  height: z.number().positive(),
});

/** data/artwork-guidelines.json: what files each service takes, how big it prints, and what we do for you. */
export const artworkGuidelinesSchema = z.object({
  intro: text,
  /** Pixels per inch at print size that a raster file needs. */
  minimumPpi: z.number().int().positive(),
  services: z
    .array(
      z.object({
        service: z.enum(serviceIds),
        best: text,
        fileTypes: z.array(text).min(1),
        notes: z.array(text),
        printAreas: z.array(printAreaSchema).min(1),
      }),
    )
    .length(3),
  topics: z.array(z.object({ id: slug, title: text, paragraphs: z.array(text).min(1) })).min(1),
});

/** One past job as validated. */
export type Job = z.infer<typeof jobSchema>;
/** One drawn picture of a job. */
export type Mockup = z.infer<typeof mockupSchema>;
