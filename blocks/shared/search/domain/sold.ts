/**
 * Sold cars in results: only the first of consecutive sold cars shows, unless every
 * car is sold, in which case all show. Pure: no React.
 */

export interface SoldLike {
  status?: string;
  sold?: boolean;
}

export function isSoldCar(car: SoldLike): boolean {
  return car.status === "sold" || car.sold === true;
}

export function collapseSold<T extends SoldLike>(cars: readonly T[], isSold: (car: T) => boolean = isSoldCar): T[] {
  if (cars.length === 0 || cars.every(isSold)) return [...cars];
  return cars.filter((car, i) => !isSold(car) || i === 0 || !isSold(cars[i - 1]));
}
