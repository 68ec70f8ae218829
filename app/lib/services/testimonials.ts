/** One approved testimonial, as the site shows it (server/integrations/testimonials.ts). */
export interface Testimonial {
  name: string;
  review: string;
  /** 1 to 5 */
  stars: number;
  country: string;
}
