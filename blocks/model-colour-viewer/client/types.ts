/** What the server hands the viewer: plain data, per variant its colour list already chosen. */
export interface ViewerColour {
  name: string;
  hexCode: string;
  /** The large picture for this colour (its photo, else the variant's or model's picture). */
  picture: string;
  /** Its own photo, smaller, for the thumbnail; only colours with a photo get one. */
  photo_url?: string;
  /** Body-style group. */
  oem_id?: string;
}

export interface ViewerVariant {
  name: string;
  colours: ViewerColour[];
}
