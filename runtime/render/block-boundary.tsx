"use client";
import { Component, type ReactNode } from "react";

/** Client-side error boundary around each block: one broken block never takes the page down. */
export class BlockBoundary extends Component<{ type: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.warn(`[block:${this.props.type}] failed to render`, error instanceof Error ? error.message : error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
