import { z } from 'zod';

/**
 * `GET /api/config/`: what the web app needs to know about this deployment. Nothing
 * secret: the only key is GOOGLE_MAPS_BROWSER_KEY, which Google expects in the page and
 * the deployer restricts by referrer; the server's GOOGLE_MAPS_API_KEY (places, photos)
 * never reaches a client.
 */
export const appConfigSchema = z.object({
  contact_email: z.string(),
  /** Where place search comes from; decides which data credits the About page shows. */
  places_provider: z.enum(['embedded', 'osm', 'google']),
  /** Place search carries OpenStreetMap data (provider osm, or an extract loaded): credit it. */
  openstreetmap_data: z.boolean(),
  maps: z.object({
    /** 'google' only when the deployment set a browser key (GOOGLE_MAPS_BROWSER_KEY) */
    engine: z.enum(['maplibre', 'google']),
    /** that browser key, restricted by referrer; never the server's Places key */
    google_maps_api_key: z.string().nullable(),
    style_url: z.string(),
  }),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
