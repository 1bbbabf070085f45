/**
 * The owner's social profiles, kept in General information (one nullable column each): the field, the
 * network's name as the admin form and the public links show it, and the hosts a profile lives on
 * (a subdomain of one, such as `m.facebook.com` or `vn.linkedin.com`, is accepted too). Apart from the
 * schemas: the public header reads it, and a bundler keeps a module whole (zod would come along).
 */
export const SOCIAL_NETWORKS = [
  { field: 'facebook_url', network: 'Facebook', hosts: ['facebook.com', 'fb.com'] },
  { field: 'instagram_url', network: 'Instagram', hosts: ['instagram.com'] },
  { field: 'linkedin_url', network: 'LinkedIn', hosts: ['linkedin.com'] },
  { field: 'youtube_url', network: 'YouTube', hosts: ['youtube.com', 'youtu.be'] },
  { field: 'zalo_url', network: 'Zalo', hosts: ['zalo.me'] },
  { field: 'tiktok_url', network: 'TikTok', hosts: ['tiktok.com'] },
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]['network'];
export type SocialField = (typeof SOCIAL_NETWORKS)[number]['field'];
