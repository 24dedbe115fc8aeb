"use client";
/**
 * A link that carries the vehicle page's calculator figures (the sidebar's 'Buy Online' into the
 * checkout journey). Server-rendered and before JavaScript it is the plain link; once the shopper
 * changes a figure in the calculator, its href carries them.
 */
import { Link } from "@/runtime/ui/link";
import type { ReactNode } from "react";
import { useSyncExternalStore } from "react";
import { calculatorFiguresSnapshot, serverFiguresSnapshot, subscribeCalculatorFigures, withCarriedFigures } from "../calculator-figures";

export function CarriedFiguresLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const figures = useSyncExternalStore(subscribeCalculatorFigures, calculatorFiguresSnapshot, serverFiguresSnapshot);
  return (
    <Link className={className} href={withCarriedFigures(href, figures)}>
      {children}
    </Link>
  );
}
