/**
 * The two example lists (issue 5 §2), made of curated landmarks that the embedded places
 * data holds (server/data/landmarks). The example account has been nowhere, so every
 * spot is "want to go" with no rating; the texts say why a first-time visitor might go.
 */
export interface ExampleSpot {
  /** the landmark's name exactly as in the embedded data */
  place: string;
  review: string;
  notes: string;
}

export interface ExampleListData {
  name: string;
  description: string;
  /** where to search for the places (a place search covers about 0.15° around it) */
  near: { lat: number; lng: number };
  /** shown newest-added first, so the first spot here is the first on the list */
  spots: ExampleSpot[];
}

export const EXAMPLE_LIST_DATA: ExampleListData[] = [
  {
    name: 'Paris classics',
    description:
      'The landmarks most first-time visitors to Paris want to see, from the Eiffel Tower to Montmartre.',
    near: { lat: 48.8566, lng: 2.3522 },
    spots: [
      {
        place: 'Eiffel Tower',
        review: 'The classic view of it is from the Trocadéro, across the Seine.',
        notes: 'Start here.',
      },
      {
        place: 'Louvre Museum',
        review: 'Far too big for one visit: pick a wing or two.',
        notes: 'Home of the Mona Lisa.',
      },
      {
        place: "Musée d'Orsay",
        review: 'Impressionist paintings in a former railway station.',
        notes: 'Across the river from the Tuileries.',
      },
      {
        place: 'Sainte-Chapelle',
        review: 'The stained glass is at its best on a bright day.',
        notes: 'Small, so it fits between bigger visits.',
      },
      {
        place: 'Luxembourg Gardens',
        review: 'Paths, lawns and chairs around the palace of the French Senate.',
        notes: 'A break between museums.',
      },
      {
        place: 'Sacré-Cœur Basilica',
        review: 'The steps in front look out over the whole city.',
        notes: 'At the top of Montmartre.',
      },
    ],
  },
  {
    name: 'Tokyo first trip',
    description: 'Temples, gardens, markets and a famous crossing for a first few days in Tokyo.',
    near: { lat: 35.6812, lng: 139.7671 },
    spots: [
      {
        place: 'Senso-ji',
        review: 'Walk in through the Kaminarimon gate and the Nakamise shopping street.',
        notes: "Tokyo's oldest temple.",
      },
      {
        place: 'Meiji Jingu',
        review: 'A shrine in a forest, a short walk from Harajuku station.',
        notes: 'Pairs well with Takeshita Street.',
      },
      {
        place: 'Shibuya Crossing',
        review: 'Watch it from above first, then cross it.',
        notes: 'Busiest in the evening.',
      },
      {
        place: 'Tsukiji Outer Market',
        review: 'Food stalls and kitchen shops; go early, many close in the afternoon.',
        notes: 'Breakfast stop.',
      },
      {
        place: 'Shinjuku Gyoen National Garden',
        review: 'Japanese, English and French gardens in one park.',
        notes: 'Cherry blossom season is the busiest.',
      },
      {
        place: 'Tokyo Skytree',
        review: 'The tallest structure in Japan, with two observation decks.',
        notes: 'Best on a clear day.',
      },
    ],
  },
];
