package org.doji.grc.planner.engine;

import java.util.Arrays;

/** Binary min-heap of (key, int) pairs with lazy deletion; primitive arrays keep Dijkstra allocation-free. */
final class MinHeap {
    private double[] keys = new double[64];
    private int[] values = new int[64];
    private int size;

    boolean isEmpty() {
        return size == 0;
    }

    void clear() {
        size = 0;
    }

    double topKey() {
        return keys[0];
    }

    void push(double key, int value) {
        if (size == keys.length) {
            keys = Arrays.copyOf(keys, 2 * size);
            values = Arrays.copyOf(values, 2 * size);
        }
        int i = size++;
        while (i > 0) {
            int parent = (i - 1) >> 1;
            if (keys[parent] <= key) {
                break;
            }
            keys[i] = keys[parent];
            values[i] = values[parent];
            i = parent;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** Removes the minimum and returns its value. */
    int pop() {
        int top = values[0];
        size--;
        double key = keys[size];
        int value = values[size];
        int i = 0;
        while (true) {
            int child = 2 * i + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && keys[child + 1] < keys[child]) {
                child++;
            }
            if (keys[child] >= key) {
                break;
            }
            keys[i] = keys[child];
            values[i] = values[child];
            i = child;
        }
        keys[i] = key;
        values[i] = value;
        return top;
    }
}
