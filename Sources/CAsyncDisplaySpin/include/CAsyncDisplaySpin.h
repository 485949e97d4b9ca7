#ifndef C_ASYNC_DISPLAY_SPIN_H
#define C_ASYNC_DISPLAY_SPIN_H

/// Tells the CPU the caller is in a spin-wait loop: it saves power, frees the sibling
/// hyper-thread, and leaves the polled cache line alone for a moment. Swift has no spelling
/// for these instructions.
static inline void asyncdisplay_cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

#endif
