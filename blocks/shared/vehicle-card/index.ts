/** The vehicle card shared by the search grid, the offers search and the similar-cars carousel. Not a block: no schema.json. */
export { VehicleCard, CARD_IMAGE_WIDTH, CARD_IMAGE_HEIGHT, type VehicleCardProps } from "./VehicleCard";
export { cardView, carHref, imageAtWidth, CARD_ATTRIBUTES, type CardCar, type CardOptions, type CardView } from "./card-model";
