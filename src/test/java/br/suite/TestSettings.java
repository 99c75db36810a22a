package br.suite;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;

import org.springframework.aop.support.AopUtils;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.util.AopTestUtils;

/**
 * Settings a test class changes on the running shared application context instead of
 * starting a context of its own (each distinct {@code @TestPropertySource} costs a whole
 * start of the service): a settings record (a {@code @ConfigurationProperties} record) is
 * replaced, in every bean that holds it, by a copy with some components changed, or a
 * bean's own field is set. {@link #close} puts every value back, in reverse order. Only
 * settings that the service reads at each use can be changed this way (not a scheduler's
 * interval, fixed at start: those are defaults of {@link ApiTest}).
 */
public final class TestSettings implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private final Deque<Runnable> restores = new ArrayDeque<>();

	private TestSettings(ApplicationContext context) {
		this.context = (ConfigurableApplicationContext) context;
	}

	public static TestSettings on(ApplicationContext context) {
		return new TestSettings(context);
	}

	/**
	 * The settings record of the given class (by name: most are package-private) with
	 * these components changed, in every singleton that holds the current one.
	 */
	public TestSettings record(String recordClass, Map<String, Object> changes) {
		Object current = this.context.getBean(type(recordClass));
		Object replacement = copy(current, changes);
		int holders = 0;
		for (String name : this.context.getBeanFactory().getSingletonNames()) {
			Object bean = this.context.getBeanFactory().getSingleton(name);
			if (bean == null || bean == current) {
				continue;
			}
			Object target = AopUtils.isAopProxy(bean) ? AopTestUtils.getUltimateTargetObject(bean) : bean;
			for (Class<?> type = target.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
				if (!type.getName().startsWith("br.suite.")) {
					continue;
				}
				for (Field field : type.getDeclaredFields()) {
					if (Modifier.isStatic(field.getModifiers()) || !field.getType().isInstance(current)) {
						continue;
					}
					if (get(field, target) == current) {
						put(field, target, replacement);
						this.restores.push(() -> put(field, target, current));
						holders++;
					}
				}
			}
		}
		if (holders == 0) {
			throw new IllegalStateException("No bean holds " + recordClass);
		}
		return this;
	}

	/** The field of the singleton of the given class set to the value. */
	public TestSettings field(String beanClass, String fieldName, Object value) {
		Object bean = this.context.getBean(type(beanClass));
		Object target = AopUtils.isAopProxy(bean) ? AopTestUtils.getUltimateTargetObject(bean) : bean;
		Field field;
		try {
			field = target.getClass().getDeclaredField(fieldName);
		}
		catch (NoSuchFieldException ex) {
			throw new IllegalStateException(beanClass + " has no field " + fieldName, ex);
		}
		Object previous = get(field, target);
		put(field, target, value);
		this.restores.push(() -> put(field, target, previous));
		return this;
	}

	@Override
	public void close() {
		while (!this.restores.isEmpty()) {
			this.restores.pop().run();
		}
	}

	private static Class<?> type(String name) {
		try {
			return Class.forName(name);
		}
		catch (ClassNotFoundException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Object copy(Object record, Map<String, Object> changes) {
		RecordComponent[] components = record.getClass().getRecordComponents();
		if (components == null) {
			throw new IllegalArgumentException(record.getClass() + " is not a record");
		}
		Object[] values = new Object[components.length];
		Class<?>[] types = new Class<?>[components.length];
		int used = 0;
		for (int i = 0; i < components.length; i++) {
			RecordComponent component = components[i];
			types[i] = component.getType();
			if (changes.containsKey(component.getName())) {
				values[i] = changes.get(component.getName());
				used++;
			}
			else {
				try {
					component.getAccessor().setAccessible(true);
					values[i] = component.getAccessor().invoke(record);
				}
				catch (ReflectiveOperationException ex) {
					throw new IllegalStateException(ex);
				}
			}
		}
		if (used != changes.size()) {
			throw new IllegalArgumentException(record.getClass() + " lacks one of " + changes.keySet());
		}
		try {
			Constructor<?> canonical = record.getClass().getDeclaredConstructor(types);
			canonical.setAccessible(true);
			return canonical.newInstance(values);
		}
		catch (ReflectiveOperationException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Object get(Field field, Object target) {
		try {
			field.setAccessible(true);
			return field.get(target);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void put(Field field, Object target, Object value) {
		try {
			field.setAccessible(true);
			field.set(target, value);
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
