"use client";
import { useEffect, useState } from "react";
import { REFRESH_MS, salesToday } from "../domain";

/** The number, recomputed every 150 s while the page is open (the server's count is shown until then). */
export function LiveCount({ initial }: { initial: number }) {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const timer = setInterval(() => setCount(salesToday(new Date())), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <>{count}</>;
}
