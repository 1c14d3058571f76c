/**
 * The studio's clip art: motifs drawn from Tabler's icons (MIT). Filled icons are preferred because they
 * print as solid shapes; the few subjects Tabler draws only in outline (the sports balls, some animals)
 * are strokes on a 24-unit grid, which the press file keeps as strokes of a fixed share of the motif's
 * width. This list is only names and search words, small enough for the picker; the outlines live in the
 * generated motif-shapes.ts, loaded by the studio when it opens and by the server.
 */
export interface Motif {
  id: string;
  name: string;
  /** Lower-case words a customer might type to find it. */
  words: string[];
  /** Which of Tabler's sets the drawing comes from; its file is `<id>.svg` there unless `file` says. */
  set: 'filled' | 'outline';
  file?: string;
}

const filled = (id: string, name: string, words: string, file?: string): Motif => ({
  id,
  name,
  words: words.split(' '),
  set: 'filled',
  ...(file ? { file } : {}),
});
const outline = (id: string, name: string, words: string, file?: string): Motif => ({
  id,
  name,
  words: words.split(' '),
  set: 'outline',
  ...(file ? { file } : {}),
});

export const motifs: readonly Motif[] = [
  // Sports
  outline('basketball', 'Basketball', 'ball sport hoops court', 'ball-basketball'),
  outline('soccer-ball', 'Soccer ball', 'ball sport football futbol', 'ball-football'),
  outline('american-football', 'American football', 'ball sport gridiron', 'ball-american-football'),
  outline('baseball', 'Baseball', 'ball sport softball', 'ball-baseball'),
  outline('tennis-ball', 'Tennis ball', 'ball sport racket', 'ball-tennis'),
  outline('volleyball', 'Volleyball', 'ball sport beach', 'ball-volleyball'),
  filled('bowling-ball', 'Bowling ball', 'ball sport league', 'ball-bowling'),
  filled('golf', 'Golf flag', 'sport hole course'),
  filled('barbell', 'Barbell', 'gym weights fitness lifting'),
  filled('bike', 'Bicycle', 'cycling bike ride race'),
  filled('trophy', 'Trophy', 'cup winner champion award'),
  filled('award', 'Medal', 'award winner prize ribbon'),
  filled('rosette', 'Rosette', 'award badge seal'),
  filled('laurel-wreath', 'Laurel wreath', 'award winner victory'),
  filled('crown', 'Crown', 'king queen royal'),
  filled('chess-knight', 'Chess knight', 'horse chess club'),
  filled('dice', 'Dice', 'game luck', 'dice-5'),
  // School, music, hobbies
  filled('school', 'Graduation cap', 'school graduate class college'),
  filled('book', 'Book', 'school reading library'),
  filled('pencil', 'Pencil', 'school write art'),
  filled('palette', 'Palette', 'art paint class'),
  outline('music-note', 'Music notes', 'music band choir', 'music'),
  filled('guitar-pick', 'Guitar pick', 'music band rock'),
  filled('microphone', 'Microphone', 'music sing karaoke'),
  filled('headphones', 'Headphones', 'music dj'),
  filled('camera', 'Camera', 'photo club'),
  filled('puzzle', 'Puzzle piece', 'game autism awareness'),
  filled('meeple', 'Game piece', 'game board meeple'),
  // Animals and nature
  filled('paw', 'Paw print', 'animal dog cat pet mascot'),
  outline('dog', 'Dog', 'animal pet puppy'),
  outline('cat', 'Cat', 'animal pet kitten'),
  outline('horse', 'Horse', 'animal ranch rodeo'),
  outline('fish', 'Fish', 'animal fishing lake'),
  filled('butterfly', 'Butterfly', 'animal insect spring'),
  filled('bug', 'Bug', 'animal insect beetle'),
  filled('pig', 'Pig', 'animal farm bbq'),
  filled('bone', 'Bone', 'dog pet'),
  filled('feather', 'Feather', 'bird native'),
  filled('leaf', 'Leaf', 'nature tree fall'),
  filled('flower', 'Flower', 'nature spring garden'),
  filled('clover', 'Clover', 'luck irish nature'),
  filled('seedling', 'Seedling', 'nature plant grow'),
  filled('cactus', 'Cactus', 'desert nature'),
  filled('christmas-tree', 'Christmas tree', 'holiday pine tree'),
  filled('mountain', 'Mountain', 'outdoors hike camp'),
  filled('campfire', 'Campfire', 'camp outdoors fire'),
  filled('sun', 'Sun', 'summer weather'),
  filled('moon', 'Moon', 'night sky'),
  filled('cloud', 'Cloud', 'weather sky'),
  filled('droplet', 'Droplet', 'water rain'),
  filled('flame', 'Flame', 'fire hot'),
  filled('bolt', 'Lightning bolt', 'lightning energy power'),
  // Shapes and frames
  filled('star', 'Star', 'shape sky'),
  filled('stars', 'Stars', 'shape sky'),
  filled('heart', 'Heart', 'love shape'),
  filled('circle', 'Circle', 'shape round frame'),
  filled('square', 'Square', 'shape frame'),
  filled('triangle', 'Triangle', 'shape'),
  filled('hexagon', 'Hexagon', 'shape frame'),
  filled('octagon', 'Octagon', 'shape frame'),
  filled('pentagon', 'Pentagon', 'shape frame'),
  filled('diamond', 'Diamond', 'gem shape'),
  filled('shield', 'Shield', 'crest frame badge'),
  filled('badge', 'Badge', 'chevron rank frame'),
  filled('sparkles', 'Sparkles', 'shine magic'),
  filled('confetti', 'Confetti', 'party celebration'),
  filled('balloon', 'Balloon', 'party birthday'),
  filled('gift', 'Gift', 'present birthday holiday'),
  // Flags and places
  filled('flag', 'Flag', 'banner country'),
  filled('flag-waving', 'Waving flag', 'banner country', 'flag-2'),
  filled('pennant', 'Pennant', 'banner team school'),
  filled('map-pin', 'Map pin', 'place location travel'),
  filled('home', 'House', 'home family reunion'),
  outline('anchor', 'Anchor', 'sea boat navy'),
  outline('rocket', 'Rocket', 'space launch'),
  filled('car', 'Car', 'auto drive club'),
  filled('mug', 'Mug', 'coffee cafe'),
  filled('pizza', 'Pizza', 'food party'),
  filled('apple', 'Apple', 'teacher school fruit'),
];

const byId = new Map(motifs.map((motif) => [motif.id, motif]));

export function motifById(id: string): Motif | undefined {
  return byId.get(id);
}

/**
 * The motifs a search finds: every word the customer typed must start one of the motif's words or its name
 * ("bask" finds the basketball, "ball sport" the balls).
 */
export function searchMotifs(query: string): Motif[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...motifs];
  return motifs.filter((motif) => {
    const words = [...motif.words, ...motif.name.toLowerCase().split(/\s+/)];
    return terms.every((term) => words.some((word) => word.startsWith(term)));
  });
}
