package org.doji.dst;

import jakarta.persistence.Id;
import jakarta.persistence.PostPersist;
import jakarta.persistence.Transient;
import jakarta.persistence.Version;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the in-memory database needs to know of a JPA entity class, read once from its annotations: its key, its
 * version (optimistic locking), its post-persist callbacks, and how to copy its columns (a row is kept as a detached
 * copy, as a database keeps it apart from the objects that wrote it; its transient fields are not columns).
 */
final class Entities {

    record Shape(Constructor<?> constructor, List<Field> fields, Field id, Field version, List<Method> postPersist) {
    }

    private final Map<Class<?>, Shape> shapes = new ConcurrentHashMap<>();

    Shape shape(Class<?> type) {
        return shapes.computeIfAbsent(type, Entities::read);
    }

    Object id(Object entity) {
        return get(shape(entity.getClass()).id(), entity);
    }

    @SuppressWarnings("unchecked")
    <T> T copy(T entity) {
        Shape s = shape(entity.getClass());
        try {
            Object out = s.constructor().newInstance();
            for (Field f : s.fields()) {
                f.set(out, f.get(entity));
            }
            return (T) out;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot copy " + entity.getClass().getName(), e);
        }
    }

    /** The version as a long (0 when the entity has none). */
    long version(Object entity) {
        Field v = shape(entity.getClass()).version();
        return v == null ? 0 : ((Number) get(v, entity)).longValue();
    }

    void setVersion(Object entity, long version) {
        Field v = shape(entity.getClass()).version();
        if (v == null) {
            return;
        }
        try {
            if (v.getType() == int.class || v.getType() == Integer.class) {
                v.set(entity, (int) version);
            } else {
                v.set(entity, version);
            }
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    boolean versioned(Object entity) {
        return shape(entity.getClass()).version() != null;
    }

    void persisted(Object entity) {
        for (Method m : shape(entity.getClass()).postPersist()) {
            try {
                m.invoke(entity);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    private static Object get(Field f, Object o) {
        try {
            return f.get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Shape read(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        Field id = null;
        Field version = null;
        List<Method> callbacks = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers())
                        || f.isAnnotationPresent(Transient.class)) {
                    continue; // not a column: a row read back has its default, as JPA loads it
                }
                f.setAccessible(true);
                fields.add(f);
                if (f.isAnnotationPresent(Id.class)) {
                    id = f;
                }
                if (f.isAnnotationPresent(Version.class)) {
                    version = f;
                }
            }
            for (Method m : c.getDeclaredMethods()) {
                if (m.isAnnotationPresent(PostPersist.class)) {
                    m.setAccessible(true);
                    callbacks.add(m);
                }
            }
        }
        if (id == null) {
            throw new IllegalArgumentException(type.getName() + " has no @Id field");
        }
        try {
            Constructor<?> constructor = type.getDeclaredConstructor();
            constructor.setAccessible(true);
            return new Shape(constructor, List.copyOf(fields), id, version, List.copyOf(callbacks));
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(type.getName() + " has no constructor without arguments", e);
        }
    }
}
