/** A hex colour as the settings forms accept it (#rgb or #rrggbb); no zod, so the landing page's demo can check it (issue 26). */
export const HEX_COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
