package com.example;

/** The kernels of kernels.py, compiled by hatch-pyaot and called through kernels_jni.c. */
public final class Kernels {
    static {
        System.loadLibrary("kernels_jni"); // libkernels_jni.so, which loads libkernels.so
    }

    private Kernels() {}

    /** Steps of the Collatz sequence from n; IllegalArgumentException for n < 1. */
    public static native long collatzSteps(long n);

    /** log(x / y); IllegalArgumentException when x / y <= 0, ArithmeticException for y == 0. */
    public static native double logRatio(double x, double y);

    /** A three-point moving average of x (a new array; the ends are kept). */
    public static native double[] smooth(double[] x);
}
